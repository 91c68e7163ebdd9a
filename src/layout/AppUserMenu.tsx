import { UserMenu, useGetIdentity, useTranslate } from 'react-admin';

/**
 * react-admin's user menu, whose button shows the person's name: its accessible name now contains that name
 * ("Profil: Alex Muster") instead of only "Profil", so speech input users can say what they see (WCAG 2.5.3).
 */
export function AppUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return <UserMenu label={name ? `${translate('ra.auth.user_menu')}: ${name}` : 'ra.auth.user_menu'} />;
}
