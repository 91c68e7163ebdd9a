import type { AppMessages } from './en.ts';
import { ra } from './de/ra.ts';
import { app } from './de/app.ts';
import { auth } from './de/auth.ts';
import { errors } from './de/errors.ts';
import { dashboard } from './de/dashboard.ts';
import { training } from './de/training.ts';
import { uiconfig } from './de/uiconfig.ts';
import { preview } from './de/preview.ts';
import { demo } from './de/demo.ts';
import { history } from './de/history.ts';
import { language } from './de/language.ts';
import { profile } from './de/profile.ts';
import { implementation } from './de/implementation.ts';
import { register } from './de/register.ts';
import { privacy } from './de/privacy.ts';
import { operators } from './de/operators.ts';
import { emptyStates } from './de/emptyStates.ts';
import { feedback } from './de/feedback.ts';
import { knowledgeGaps } from './de/knowledgeGaps.ts';
import { testQuestions } from './de/testQuestions.ts';
import { trainingResources } from './de/trainingResources.ts';
import type { MessagesOf } from './types.ts';

/** The app's German messages: typed by the English ones, so a missing key fails `npm run typecheck`. */
export const deApp: MessagesOf<AppMessages> = {
  app,
  auth,
  errors,
  dashboard,
  training,
  uiconfig,
  preview,
  demo,
  history,
  language,
  profile,
  implementation,
  register,
  privacy,
  operators,
  emptyStates,
  feedback,
  knowledgeGaps,
  testQuestions,
  resources: { ...trainingResources },
};

/** German is the default interface language; react-admin's texts come complete from de/ra.ts. */
export const de = { ra, ...deApp };
