import { DEFAULT_PRICING_SETTINGS, PricingSettingsSchema, type PricingSettings } from '../../contract/pricing-settings';
import type { Clock } from '../util/clock';
import type { SettingsStore } from './settings-store';

export const PRICING_KEY = 'store_pricing';

/**
 * How long a read of the pricing settings serves: every payment creation asks for them (the
 * tolerance it locks), and a read of the settings table each time would cost the hot path a query.
 * A save through this instance is seen at once; another instance's (shared PostgreSQL) within this.
 */
const FRESH_FOR_MS = 5_000;

/** The store's pricing settings, read through a short cache; a stored value this build cannot read falls back to the defaults. */
export class PricingSettingsStore {
  private cached: { value: PricingSettings; at: number } | null = null;

  constructor(
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
  ) {}

  async current(): Promise<PricingSettings> {
    const now = this.clock.now();
    if (this.cached && now - this.cached.at < FRESH_FOR_MS && now >= this.cached.at) return this.cached.value;
    const parsed = PricingSettingsSchema.safeParse(await this.settings.get<unknown>(PRICING_KEY));
    const value = parsed.success ? parsed.data : DEFAULT_PRICING_SETTINGS;
    this.cached = { value, at: now };
    return value;
  }

  async save(value: PricingSettings, actor: string): Promise<void> {
    await this.settings.set(PRICING_KEY, value, actor);
    this.cached = { value, at: this.clock.now() };
  }
}
