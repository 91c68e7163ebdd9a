import { describe, expect, it } from 'vitest';
import { asksForPerson, isHrQuestion } from '../../server/src/runtime/intent.ts';

describe('asking for a person', () => {
  it.each(['Können Sie mich zurückrufen?', 'Bitte ruft mich an', 'Rufen Sie uns bitte zurück', 'Ich hätte gern einen Rückruf', 'Can you call me back?', 'please ring us back', 'I want a callback', 'Can I talk to a human?'])(
    'recognises "%s"',
    (q) => expect(asksForPerson(q)).toBe(true),
  );
  it.each(['Wann ist die Rezeption besetzt?', 'Rufen Sie die Nummer der Rezeption an, wo finde ich sie?', 'What does a call cost?'])(
    'does not take "%s" for one',
    (q) => expect(asksForPerson(q)).toBe(false),
  );
  it('recognises job questions as HR', () => {
    expect(isHrQuestion('Habt ihr offene Stellen für eine Ausbildung?')).toBe(true);
    expect(isHrQuestion('Wann ist Frühstück?')).toBe(false);
  });
});
