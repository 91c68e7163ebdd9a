/**
 * The operator console's customer list (admins only): one record per customer organization, in the
 * ra-data-simple-rest dialect (GET /api/v1/customers, GET /api/v1/customers/{id}).
 */
import { z } from 'zod';
import { uuid } from '../ids.ts';
import { subscriptionStatus } from './account.ts';

/** The fields a client may sort the list by. */
export const CUSTOMER_SORT_FIELDS = ['email', 'company', 'planId', 'status', 'chatbots', 'createdAt', 'lastActivityAt', 'id'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

export const customerFilter = z.object({
  q: z.string().trim().max(200).optional().describe('contained in the owner e-mail, name, company or organization name'),
  status: subscriptionStatus.optional(),
  plan: z.string().trim().min(1).max(50).optional().describe('a plan id: trial, starter, business, enterprise'),
  hasChatbot: z.boolean().optional(),
  id: z.array(uuid).max(500).optional(),
});
export type CustomerFilter = z.infer<typeof customerFilter>;

export const apiCustomer = z.object({
  id: z.string().describe('the organization id'),
  ownerId: z.string().nullable().describe("the owner's user id: admin mode acts as this user"),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  status: subscriptionStatus.nullable(),
  chatbots: z.number().int(),
  chatbotId: z.string().nullable().describe('the first chatbot: the one admin mode opens'),
  createdAt: z.string(),
  lastActivityAt: z.string().describe('the latest of sign-up, profile change, chatbot creation and visitor message'),
});
export type ApiCustomer = z.infer<typeof apiCustomer>;
