import type { ComponentType, ReactNode } from 'react';
import type { GuardRoute } from '../providers/guard.ts';

/** A route of a plugin. The guard reads its flags (defaults: login and registration required). */
export interface AppRoute extends Partial<GuardRoute> {
  path: string;
  element?: ReactNode;
  /** i18n key of the title shown in the browser tab (`App title · route title`) and the app bar. */
  title?: string;
  /** Rendered without the sidebar and app bar (registration, demo). */
  noLayout?: boolean;
  /** A declarative redirect (keeps the query, so admin links survive it); no element, no guard. */
  redirectTo?: string;
  /** False for the sign-in callbacks, which must run before any guard. */
  guarded?: boolean;
  /** Drawn with the first screen's messages (i18n/deShell.ts); other routes wait for the whole catalogue. */
  firstScreen?: boolean;
}

export interface AppMenuItem {
  to: string;
  /** i18n key */
  label: string;
  icon?: ComponentType;
  children?: AppMenuItem[];
  /** The operator console: shown to operators only (an operator without a chatbot sees nothing else). */
  operatorOnly?: boolean;
}

/** A react-admin resource contributed by a plugin (see src/resources/<name>/index.ts). */
export interface AppResource {
  name: string;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: any) => string);
  options?: { label?: string };
  /** The route guard's flags for the resource's screens (default: login and registration required). */
  guard?: Partial<GuardRoute>;
}

export interface AppPlugin {
  name: string;
  resources?: AppResource[];
  routes?: AppRoute[];
  menu?: AppMenuItem[];
}
