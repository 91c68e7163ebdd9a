/** The list's filter choices: subscription states and plans (the plans table's ids), labelled by i18n keys. */
export const STATUS_CHOICES = ['trialing', 'active', 'canceled', 'expired', 'demo'].map((id) => ({
  id,
  name: `operators.customers.status.${id}`,
}));

/** Plan names are the product's own (Trial, Starter…), the same in both languages. */
export const PLAN_CHOICES = [
  { id: 'trial', name: 'Trial' },
  { id: 'starter', name: 'Starter' },
  { id: 'business', name: 'Business' },
  { id: 'enterprise', name: 'Enterprise' },
];
