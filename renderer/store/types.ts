import type { StateCreator } from 'zustand';
import type { BackupsSlice } from '../features/backups/slice';
import type { BrandSlice } from '../features/brand/slice';
import type { CloseDaySlice } from '../features/close-day/slice';
import type { DashboardSlice } from '../features/dashboard/slice';
import type { DesktopSlice } from '../features/desktop/slice';
import type { InvoiceSlice } from '../features/invoice/slice';
import type { LiveSlice } from '../features/live/slice';
import type { PaymentsSlice } from '../features/payments/slice';
import type { PricingSlice } from '../features/pricing/slice';
import type { ReceiptsSlice } from '../features/receipts/slice';
import type { RefundsSlice } from '../features/refunds/slice';
import type { SettingsSlice } from '../features/settings/slice';
import type { SignInSlice } from '../features/signin/slice';
import type { SimulatorSlice } from '../features/simulator/slice';
import type { StaffSlice } from '../features/staff/slice';
import type { TillSlice } from '../features/till/slice';
import type { TillWalletPaySlice } from '../features/till/wallet-pay/slice';
import type { UiSlice } from './ui-slice';
import type { UnmatchedSlice } from '../features/unmatched/slice';
import type { WebhooksSlice } from '../features/webhooks/slice';
import type { WalletProofSlice } from '../features/wallet-proof/slice';
import type { WidgetSlice } from '../features/widget/slice';

export type ConsoleStore = UiSlice &
  DashboardSlice &
  PaymentsSlice &
  RefundsSlice &
  InvoiceSlice &
  UnmatchedSlice &
  SettingsSlice &
  WebhooksSlice &
  WidgetSlice &
  SimulatorSlice &
  SignInSlice &
  LiveSlice &
  TillSlice &
  TillWalletPaySlice &
  BrandSlice &
  DesktopSlice &
  BackupsSlice &
  ReceiptsSlice &
  CloseDaySlice &
  WalletProofSlice &
  PricingSlice &
  StaffSlice;

export type SliceCreator<T> = StateCreator<ConsoleStore, [], [], T>;
