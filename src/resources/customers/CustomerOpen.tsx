import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Loading, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { enterCustomerAdminView } from './enterAdminView.ts';
import type { Customer } from './types.ts';

/**
 * /customers/:id/show: opens the customer in the admin view (admin token, the owner's user id and the
 * chatbot in session storage, as a support link does) and goes to the customer's dashboard.
 */
export function CustomerOpen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data, error } = useGetOne<Customer>('customers', { id: id ?? '' }, { enabled: !!id });
  const started = useRef(false);

  useEffect(() => {
    if (error) {
      notify(error instanceof Error ? error.message : 'errors.Unknown', { type: 'error' });
      navigate('/customers', { replace: true });
    }
  }, [error, navigate, notify]);

  useEffect(() => {
    if (!data || started.current) return;
    started.current = true;
    void enterCustomerAdminView(data)
      .then(() => {
        // Nothing of the operator's own screens (or of a customer opened before) may show in this view.
        queryClient.clear();
        navigate('/dashboard', { replace: true });
      })
      .catch(() => {
        notify('errors.Forbidden', { type: 'error' });
        navigate('/customers', { replace: true });
      });
  }, [data, navigate, notify, queryClient]);

  return <Loading loadingPrimary={translate('app.loading')} loadingSecondary="" />;
}
