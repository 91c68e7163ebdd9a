import englishMessages from 'ra-language-english';
import { app } from './en/app.ts';
import { auth } from './en/auth.ts';
import { errors } from './en/errors.ts';
import { dashboard } from './en/dashboard.ts';
import { training } from './en/training.ts';
import { uiconfig } from './en/uiconfig.ts';
import { preview } from './en/preview.ts';
import { demo } from './en/demo.ts';
import { history } from './en/history.ts';
import { language } from './en/language.ts';
import { profile } from './en/profile.ts';
import { implementation } from './en/implementation.ts';
import { register } from './en/register.ts';
import { privacy } from './en/privacy.ts';
import { operators } from './en/operators.ts';
import { emptyStates } from './en/emptyStates.ts';
import { feedback } from './en/feedback.ts';
import { knowledgeGaps } from './en/knowledgeGaps.ts';
import { testQuestions } from './en/testQuestions.ts';
import { trainingResources } from './en/trainingResources.ts';

/** The app's own messages, one namespace per feature (i18n/en/<feature>.ts). */
export const enApp = { app, auth, errors, dashboard, training, uiconfig, preview, demo, history, language, profile, implementation, register, privacy, operators, emptyStates, feedback, knowledgeGaps, testQuestions, resources: { ...trainingResources } };
export type AppMessages = typeof enApp;

export const en = { ...englishMessages, ...enApp };
