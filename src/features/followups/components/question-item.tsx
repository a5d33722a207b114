import { memo, useId, useState } from 'react';
import { canChangeAnswer, FOLLOWUP_COMMENT_MAX, type FollowupQuestion } from '../../../domain/followups.ts';

export type QuestionItemProps = {
  question: FollowupQuestion;
  /** The follow-up takes no more answers (finalized), or this device cannot queue them. */
  locked: boolean;
  showPoints: boolean;
  onAnswer: (question: FollowupQuestion, resposta: boolean, comentario: string | null) => void;
};

function normalizedComment(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * Styles of the question list, set once on the list (QUESTION_LIST_CSS): a page holds hundreds of
 * questions, and plain elements styled from one rule render several times faster than a styled
 * component per button, which keeps the page within its 200 ms and each tap within a frame.
 */
export const QUESTION_LIST_CSS = {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  '& .q': {
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    padding: '3',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
  },
  '& .q-head': { display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'start', flexWrap: 'wrap' },
  '& .q-text': { flex: '1', minWidth: '14rem', margin: 0 },
  '& .q-points, & .q-muted': { textStyle: 'sm', color: 'fg.muted', whiteSpace: 'nowrap', margin: 0 },
  '& .q-answers': { display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' },
  '& .q-answers button, & .q-save': {
    minWidth: '5rem',
    minHeight: '2.25rem',
    paddingInline: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    fontWeight: 'medium',
    textStyle: 'sm',
    cursor: 'pointer',
    bg: 'bg',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
    _disabled: { cursor: 'not-allowed' },
  },
  // A given answer stays fully visible when it can no longer change; only the other choice fades.
  '& .q-answers button:disabled:not([aria-pressed="true"])': { opacity: 0.5 },
  '& .q-yes': { borderColor: 'green.solid', color: 'green.fg' },
  '& .q-no': { borderColor: 'red.solid', color: 'red.fg' },
  '& .q-yes[aria-pressed="true"]': { bg: 'green.solid', color: 'green.contrast' },
  '& .q-no[aria-pressed="true"]': { bg: 'red.solid', color: 'red.contrast' },
  '& .q-save': { alignSelf: 'start', borderColor: 'border', minWidth: 'auto' },
  '& .q-comment': { display: 'flex', flexDirection: 'column', gap: '1' },
  '& .q-comment label': { textStyle: 'sm', fontWeight: 'medium' },
  '& .q-comment textarea': {
    width: '100%',
    minHeight: '4.5rem',
    padding: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'bg',
    resize: 'vertical',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  },
  '& .q-comment-text': { textStyle: 'sm', color: 'fg.muted', whiteSpace: 'pre-wrap', margin: 0 },
} as const;

/**
 * One question of the answering page: number, text, points, Sim (green) / Não (red) and, where the
 * question takes one, its comment, saved with the answer. Memoized: a tap re-renders only the
 * question it changed.
 */
export const QuestionItem = memo(function QuestionItem({ question, locked, showPoints, onAnswer }: QuestionItemProps) {
  const { pergunta, resposta, respondida } = question;
  const [comment, setComment] = useState(question.comentario ?? '');
  const id = useId();
  // Spec §4: an answer once given changes only on a recurrent question.
  const editable = !locked && canChangeAnswer(question);
  // Only a question that takes a comment sends one: the server refuses a comment anywhere else.
  const sentComment = pergunta.possuiComentario ? normalizedComment(comment) : null;
  const commentChanged = sentComment !== (question.comentario ?? null);
  const textId = `${id}-texto`;
  const counterId = `${id}-contador`;

  return (
    <li className="q">
      <div className="q-head">
        <p id={textId} className="q-text">
          <strong>{pergunta.numero}.</strong> {pergunta.texto}
        </p>
        {showPoints && pergunta.pontos !== null && (
          <p className="q-points">
            {pergunta.pontos} {pergunta.pontos === 1 ? 'ponto' : 'pontos'}
          </p>
        )}
      </div>
      <div className="q-answers" role="group" aria-labelledby={textId}>
        <button
          type="button"
          className="q-yes"
          aria-pressed={respondida && resposta === true}
          disabled={!editable}
          onClick={() => onAnswer(question, true, sentComment)}
        >
          Sim
        </button>
        <button
          type="button"
          className="q-no"
          aria-pressed={respondida && resposta === false}
          disabled={!editable}
          onClick={() => onAnswer(question, false, sentComment)}
        >
          Não
        </button>
        {!respondida && <span className="q-muted">Sem resposta</span>}
      </div>
      {pergunta.possuiComentario &&
        (editable ? (
          <div className="q-comment">
            <label htmlFor={`${id}-comentario`}>Comentário da pergunta {pergunta.numero}</label>
            <textarea
              id={`${id}-comentario`}
              maxLength={FOLLOWUP_COMMENT_MAX}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              aria-describedby={counterId}
            />
            <span id={counterId} className="q-muted">
              {comment.length} de {FOLLOWUP_COMMENT_MAX} caracteres
            </span>
            {respondida && resposta !== null && commentChanged && (
              <button type="button" className="q-save" onClick={() => onAnswer(question, resposta, sentComment)}>
                Salvar comentário
              </button>
            )}
          </div>
        ) : (
          question.comentario && <p className="q-comment-text">Comentário: {question.comentario}</p>
        ))}
    </li>
  );
});
