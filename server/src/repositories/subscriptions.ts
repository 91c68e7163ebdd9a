import type { Queryable } from '../db/index.ts';

/** A subscription joined with its plan: everything the subscription service needs in one row. */
export interface SubscriptionPlanRow {
  organization_id: string;
  plan_id: string;
  status: 'trialing' | 'active' | 'canceled' | 'expired' | 'demo';
  started_at: string | Date;
  trial_ends_at: string | Date | null;
  current_period_end: string | Date | null;
  cancel_at: string | Date | null;
  external_invoice: boolean;
  plan_name: string;
  price_cents: number;
  currency: string;
  period: 'month' | 'year';
  max_languages: number;
  max_webpages: number;
  monthly_training_cycles: number;
  monthly_messages: number;
  styling_allowed: boolean;
  contact_collection_allowed: boolean;
  branding_removal_allowed: boolean;
}

/** The columns of a SubscriptionPlanRow, from `subscriptions s` joined with `plans p`. */
export const SUBSCRIPTION_PLAN_COLUMNS = `s.organization_id, s.plan_id, s.status, s.started_at, s.trial_ends_at, s.current_period_end, s.cancel_at,
              s.external_invoice, p.name as plan_name, p.price_cents, p.currency, p.period, p.max_languages, p.max_webpages,
              p.monthly_training_cycles, p.monthly_messages, p.styling_allowed, p.contact_collection_allowed,
              p.branding_removal_allowed`;

export const subscriptionsRepo = {
  async byOrganization(db: Queryable, organizationId: string) {
    const r = await db.query<SubscriptionPlanRow>(
      `select ${SUBSCRIPTION_PLAN_COLUMNS}
         from subscriptions s join plans p on p.id = s.plan_id
        where s.organization_id = $1`,
      [organizationId],
    );
    return r.rows[0] ?? null;
  },
  /** The training limits of the organization's plan (of the trial plan if it has no subscription). */
  async trainingPlanOf(db: Queryable, organizationId: string) {
    const r = await db.query<{ max_webpages: number; monthly_training_cycles: number }>(
      `select p.max_webpages, p.monthly_training_cycles
         from plans p
         left join subscriptions s on s.plan_id = p.id and s.organization_id = $1
        where s.organization_id is not null or p.id = 'trial'
        order by (s.organization_id is null) limit 1`,
      [organizationId],
    );
    return r.rows[0] ?? null;
  },
  async startTrial(db: Queryable, organizationId: string, trialDays: number) {
    await db.query(
      `insert into subscriptions(organization_id, plan_id, status, trial_ends_at)
       values ($1, 'trial', 'trialing', now() + make_interval(days => $2))`,
      [organizationId, trialDays],
    );
  },
};
