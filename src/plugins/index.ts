import type { AppPlugin } from './types.ts';
import { authPlugin } from './auth/index.tsx';
import { registerPlugin } from './register/index.tsx';
import { dashboardPlugin } from './dashboard/index.tsx';
import { trainingPlugin } from './training/index.tsx';
import { knowledgeGapsPlugin } from './knowledgeGaps/index.tsx';
import { uiconfigPlugin } from './uiconfig/index.tsx';
import { previewPlugin } from './preview/index.tsx';
import { demoPlugin } from './demo/index.tsx';
import { historyPlugin } from './history/index.tsx';
import { languagePlugin } from './language/index.tsx';
import { implementationPlugin } from './implementation/index.tsx';
import { profilePlugin } from './profile/index.tsx';
import { privacyPlugin } from './privacy/index.tsx';
import { operatorsPlugin } from './operators/index.tsx';
import { testQuestionsPlugin } from './testQuestions/index.tsx';

/** Every feature of the dashboard; the sidebar follows this order. Adding a feature = one line here. */
export const plugins: AppPlugin[] = [
  authPlugin,
  registerPlugin,
  dashboardPlugin,
  historyPlugin,
  trainingPlugin,
  knowledgeGapsPlugin,
  testQuestionsPlugin,
  uiconfigPlugin,
  previewPlugin,
  languagePlugin,
  implementationPlugin,
  profilePlugin,
  privacyPlugin,
  demoPlugin,
  operatorsPlugin,
];
