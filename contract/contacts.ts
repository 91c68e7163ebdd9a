/**
 * A handover contact (the person the chatbot hands a visitor to): its fields as the API sends and takes them,
 * and their length limits, which the server's schema (contract/api/contacts.ts) and the dashboard's form share.
 * Zod-free: the dashboard bundles it.
 */
export const CONTACT_LIMITS = { name: 200, email: 320, department: 200 } as const;

/** What the contact form edits (name, valid email, valid phone and department required). */
export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  department: string;
  isDefault: boolean;
  /** The contact this one replaces for its department (usually the default contact). */
  overridesId: string | null;
}

/** A contact as the API sends it. */
export interface Contact extends ContactFields {
  id: string;
  chatbotId: string;
  createdAt: string;
}
