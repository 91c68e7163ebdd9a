import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { customerCsv } from '../../src/resources/customers/customerExporter.ts';
import { en } from '../../i18n/en.ts';
import { deApp } from '../../i18n/de.ts';
import type { Customer } from '../../src/resources/customers/types.ts';

/** A translate function over a catalogue, enough for the exporter's keys. */
const translator = (messages: object) => (key: string) =>
  key.split('.').reduce<any>((m, k) => m?.[k], messages) ?? key;

const anna: Customer = {
  id: 'o1', ownerId: 'u1', email: 'anna@example.test', firstName: 'Anna', lastName: 'Korn', company: 'Bäckerei Korn, Berlin',
  planId: 'business', planName: 'Business', status: 'trialing', chatbots: 2, chatbotId: 'c1',
  createdAt: '2026-03-01T09:30:00.000Z', lastActivityAt: '2026-03-02T10:00:00.000Z',
};

describe('the customer export', () => {
  it('writes what a person wants to read, with the column names and states of the interface language', () => {
    const de = Papa.parse<Record<string, string>>(customerCsv([anna, { ...anna, status: null, email: 'b@example.test' }], translator(deApp), 'de'), { header: true });
    expect(de.meta.fields).toEqual(['E-Mail des Inhabers', 'Name', 'Firma', 'Tarif', 'Abonnement', 'Chatbots', 'Erstellt', 'Letzte Aktivität']);
    expect(de.data[0]).toMatchObject({ 'E-Mail des Inhabers': 'anna@example.test', Name: 'Anna Korn', Firma: 'Bäckerei Korn, Berlin', Tarif: 'Business', Abonnement: 'Testphase', Chatbots: '2' });
    expect(de.data[0].Erstellt).toMatch(/^1\.3\.2026/);
    expect(de.data[1].Abonnement).toBe('Kein Abonnement');
    const enRows = Papa.parse<Record<string, string>>(customerCsv([anna], translator(en), 'en'), { header: true });
    expect(enRows.meta.fields?.[0]).toBe('Owner email');
    expect(enRows.data[0].Subscription).toBe('Trial');
    expect(enRows.data[0].Created).toMatch(/^01\/03\/2026/);
  });
});
