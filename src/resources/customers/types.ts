export type { ApiCustomer as Customer } from '../../../contract/api/customers.ts';
