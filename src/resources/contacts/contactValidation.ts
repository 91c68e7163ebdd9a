import { email, maxLength, required } from 'react-admin';
import { isValidPhone } from '../../pages/register/validation.ts';

/** The contact form's rules (spec section 5): full name, valid email, valid phone and department required. */
export const phone = () => (value: unknown) =>
  typeof value === 'string' && value.trim() && !isValidPhone(value) ? 'training.contacts.validation.phone' : undefined;

export const contactValidation = {
  name: [required(), maxLength(200)],
  email: [required(), email('training.contacts.validation.email'), maxLength(320)],
  phone: [required(), phone()],
  department: [required(), maxLength(200)],
};
