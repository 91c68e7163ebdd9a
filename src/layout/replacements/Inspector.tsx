/**
 * Stands in for ra-ui-materialui/dist/preferences/Inspector.js (see vite.config.ts): react-admin's layout
 * always renders its preferences editor, which shows only once a user turns on the configuration mode. The
 * dashboard offers no such mode, so the editor never draws.
 */
export const Inspector = () => null;
