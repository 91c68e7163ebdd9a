import { useGetList } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import type { Contact } from './types.ts';

/** Every contact of the active chatbot by id (the same request as the form's "replaces" choices). */
export function useAllContacts(): Map<string, Contact> {
  const { filter } = useTrainingScope();
  const { data = [] } = useGetList<Contact>('contacts', { filter, pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  return new Map(data.map((c) => [c.id, c]));
}
