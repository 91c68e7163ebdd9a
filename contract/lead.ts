/**
 * The widget's lead form (contact details a visitor leaves): its fields in display order and the email check
 * the widget and the server both apply. Zod-free: the widget bundles it; the server builds its schemas on top.
 */
export const LEAD_FIELDS = ['name', 'firstName', 'lastName', 'email', 'phoneNumber', 'address', 'streetNumber', 'zip', 'city', 'country'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];
/** The longest value of one lead field (after trimming). */
export const LEAD_VALUE_MAX_CHARS = 200;

/** Deliberately loose (something@something.tld): the customer contacts the visitor, a typo shows then. */
export const LEAD_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
