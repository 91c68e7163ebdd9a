import { email, maxLength, required } from 'react-admin';
import { isValidPhone } from '../../pages/register/validation.ts';
import { CONTACT_LIMITS } from '../../../contract/contacts.ts';

/** The contact form's rules (spec section 5): full name, valid email, valid phone and department required. */
export const phone = () => (value: unknown) =>
  typeof value === 'string' && value.trim() && !isValidPhone(value) ? 'training.contacts.validation.phone' : undefined;

export const contactValidation = {
  name: [required(), maxLength(CONTACT_LIMITS.name)],
  email: [required(), email('training.contacts.validation.email'), maxLength(CONTACT_LIMITS.email)],
  phone: [required(), phone()],
  department: [required(), maxLength(CONTACT_LIMITS.department)],
};
