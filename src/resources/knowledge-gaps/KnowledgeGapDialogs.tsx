import { useMemo, useState, type ReactNode } from 'react';
import { useRefresh } from 'react-admin';
import { KnowledgeGapAnswerDialog } from './KnowledgeGapAnswerDialog.tsx';
import { KnowledgeGapProofDialog } from './KnowledgeGapProofDialog.tsx';
import { GapDialogsContext } from './gapDialogsContext.ts';
import type { KnowledgeGap } from './types.ts';

/** The list's dialogs: answer a group, then (or on its own) the proof; closing the proof reloads the list. */
export function KnowledgeGapDialogs({ children }: { children: ReactNode }) {
  const refresh = useRefresh();
  const [open, setOpen] = useState<{ kind: 'answer' | 'proof'; gap: KnowledgeGap } | null>(null);
  const value = useMemo(() => ({ answer: (gap: KnowledgeGap) => setOpen({ kind: 'answer', gap }), prove: (gap: KnowledgeGap) => setOpen({ kind: 'proof', gap }) }), []);
  return (
    <GapDialogsContext.Provider value={value}>
      {children}
      {open?.kind === 'answer' && (
        <KnowledgeGapAnswerDialog gap={open.gap} onClose={() => setOpen(null)} onSaved={() => setOpen({ kind: 'proof', gap: open.gap })} />
      )}
      {open?.kind === 'proof' && (
        <KnowledgeGapProofDialog
          gap={open.gap}
          onClose={() => {
            setOpen(null);
            refresh();
          }}
        />
      )}
    </GapDialogsContext.Provider>
  );
}
