import type { StateCreator } from 'zustand';
import type { BackupsSlice } from './slices/backups';
import type { BrandSlice } from './slices/brand';
import type { CloseDaySlice } from './slices/close-day';
import type { DashboardSlice } from './slices/dashboard';
import type { DesktopSlice } from './slices/desktop';
import type { InvoiceSlice } from './slices/invoice';
import type { LiveSlice } from './slices/live';
import type { PaymentsSlice } from './slices/payments';
import type { ReceiptsSlice } from './slices/receipts';
import type { RefundsSlice } from './slices/refunds';
import type { SettingsSlice } from './slices/settings';
import type { SignInSlice } from './slices/signin';
import type { SimulatorSlice } from './slices/simulator';
import type { StaffSlice } from './slices/staff';
import type { TillSlice } from './slices/till';
import type { UiSlice } from './slices/ui';
import type { UnmatchedSlice } from './slices/unmatched';
import type { WebhooksSlice } from './slices/webhooks';
import type { WidgetSlice } from './slices/widget';

export type ConsoleStore = UiSlice & DashboardSlice & PaymentsSlice & RefundsSlice & InvoiceSlice & UnmatchedSlice & SettingsSlice
  & WebhooksSlice & WidgetSlice & SimulatorSlice & SignInSlice & LiveSlice & TillSlice & BrandSlice
  & DesktopSlice & BackupsSlice & ReceiptsSlice & CloseDaySlice & StaffSlice;

export type SliceCreator<T> = StateCreator<ConsoleStore, [], [], T>;
