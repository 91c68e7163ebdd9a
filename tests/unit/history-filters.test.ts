import { describe, expect, it } from 'vitest';
import { chatFilterSchema, chatWhere, fullWhere, prefixTsQuery } from '../../server/src/history/filters.ts';

describe('history text search', () => {
  it('turns words into a prefix query of letters and digits only', () => {
    expect(prefixTsQuery('Versand Österreich')).toBe("'versand':* & 'österreich':*");
    expect(prefixTsQuery("  it's  ")).toBe("'it':* & 's':*");
    expect(prefixTsQuery("'); drop table chats; --")).toBe("'drop':* & 'table':* & 'chats':*");
    expect(prefixTsQuery('&|!:*()')).toBeNull();
    expect(prefixTsQuery('a b c d e f g h i j k l m n')?.split('&')).toHaveLength(12);
  });
});

describe('history filters', () => {
  const ORG = '11111111-1111-4111-8111-111111111111';
  it('scopes every query by tenant and chatbot and passes values only as parameters', () => {
    const f = chatFilterSchema.parse({ chatbotId: 'bot', category: 'hr', read: false, favorite: true, q: "x'y", from: '2026-03-01' });
    const w = chatWhere(f, ORG);
    expect(w.params.slice(0, 2)).toEqual([ORG, 'bot']);
    expect(w.from).toMatch(/^\(select \* from chats c where c\.organization_id = \$1 and c\.chatbot_id = \$2 .* offset 0\) c$/);
    expect(fullWhere(w)).toBe("true and c.category = $5 and not c.read");
    expect(w.params).toContain("'x':* & 'y':*");
    expect(JSON.stringify(w)).not.toContain("x'y");
  });

  it('without text search reads chats directly', () => {
    const w = chatWhere(chatFilterSchema.parse({ chatbotId: 'bot' }), ORG);
    expect(w.from).toBe('chats c');
    expect(fullWhere(w)).toBe('c.organization_id = $1 and c.chatbot_id = $2');
  });

  it('refuses unknown categories, bad dates and a range that ends before it starts', () => {
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', category: 'spam' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: 'yesterday' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: '2026-03-05', to: '2026-03-01' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: '2026-03-01T00:00:00+01:00', to: '2026-03-02' }).success).toBe(true);
  });
});
