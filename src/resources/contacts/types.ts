export interface Contact {
  id: string;
  chatbotId: string;
  name: string;
  email: string;
  phone: string;
  department: string;
  isDefault: boolean;
  /** The contact this one replaces for its department (usually the default contact). */
  overridesId: string | null;
  createdAt: string;
}
