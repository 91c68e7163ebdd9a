/** The screens that work on one of the chatbot's languages (training, history, chatbot interface, preview). */
const ROUTES = ['/training', '/history', '/uiconfig', '/preview'];

export function usesActiveLanguage(pathname: string): boolean {
  return ROUTES.some((r) => pathname === r || pathname.startsWith(`${r}/`));
}
