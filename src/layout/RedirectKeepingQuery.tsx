import { Navigate, useLocation } from 'react-router';

/** A redirect of the routes table; the query stays, so admin-mode links survive it. */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}
