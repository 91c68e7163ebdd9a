/** The fields of a handover contact in the contacts API's bodies (and the wizard's default contact). */
import { z } from 'zod';
import { CONTACT_LIMITS } from '../contacts.ts';
import { isValidPhone } from '../phone.ts';

export const contactFields = {
  name: z.string().trim().min(1, 'required').max(CONTACT_LIMITS.name),
  email: z.email('invalid email').max(CONTACT_LIMITS.email),
  phone: z.string().trim().refine(isValidPhone, 'invalid phone'),
  department: z.string().trim().min(1, 'required').max(CONTACT_LIMITS.department),
  isDefault: z.boolean().optional(),
  overridesId: z.uuid().nullable().optional(),
};
