import { describe, expect, it } from 'vitest';
import { toCsv, type CsvColumn } from '../../src/lib/csvExport.ts';

interface Row {
  name: string;
  phone: string;
  note: string | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Telefon', value: (r) => r.phone },
  { header: 'Notiz', value: (r) => r.note },
];

describe('toCsv', () => {
  it('separates German cells by semicolons and English ones by commas, headers first', () => {
    const rows = [{ name: 'Jana Schmidt', phone: '0221 1', note: null }];
    expect(toCsv(rows, columns, 'de')).toBe('Name;Telefon;Notiz\r\nJana Schmidt;0221 1;');
    expect(toCsv(rows, columns, 'en')).toBe('Name,Telefon,Notiz\r\nJana Schmidt,0221 1,');
  });
  it('quotes separators, quotes and line breaks inside a cell', () => {
    const csv = toCsv([{ name: 'Weber; Tom', phone: '1', note: 'sagt "Hallo"\nund tschüss' }], columns, 'de');
    expect(csv).toBe('Name;Telefon;Notiz\r\n"Weber; Tom";1;"sagt ""Hallo""\nund tschüss"');
  });
  it('keeps a spreadsheet from running a cell as a formula', () => {
    const csv = toCsv([{ name: '=HYPERLINK("http://x.test")', phone: '+49 221 1', note: '@cmd' }], columns, 'en');
    const cells = csv.split('\r\n')[1];
    expect(cells).not.toMatch(/(^|,)"?[=+@]/);
    expect(cells).toContain('HYPERLINK');
    expect(cells).toContain('49 221 1');
  });
});
