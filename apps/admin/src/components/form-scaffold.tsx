/**
 * The back-office's one form scaffold: every creation and edit form (developments, totem accounts,
 * users, zones, elements, sub-groups, settings, alert templates) has the same frame — a version
 * conflict above everything when there is one, the last feedback, the fields, then the submit
 * button (disabled and saying so while it saves) with any other actions beside it. The browser's
 * own validation is off (`noValidate`): the contract's schemas check, and the messages are French.
 *
 * `FormCard` puts a form in a titled card (the creation forms under a list).
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import { FeedbackNotice, type Feedback } from './notice';

export interface FormScaffoldProps {
  /** Runs on submit (the browser's submission is prevented). */
  onSubmit: () => void | Promise<void>;
  submitLabel: string;
  /** While saving: the button is disabled and says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  feedback?: Feedback | null;
  onCloseFeedback?: () => void;
  /** A version conflict's notice, shown first. */
  conflict?: ReactNode;
  /** Fields on one line with the button (short creation forms) or stacked. */
  layout?: 'inline' | 'stack';
  /** The form's accessible name, when no heading names it. */
  label?: string;
  labelledBy?: string;
  /** Other buttons beside the submit button. */
  actions?: ReactNode;
  /** A modifier of the form ("template-editor"). */
  className?: string;
  id?: string;
  children: ReactNode;
}

export function FormScaffold({
  onSubmit,
  submitLabel,
  busy = false,
  busyLabel = 'Enregistrement…',
  feedback,
  onCloseFeedback,
  conflict,
  layout = 'stack',
  label,
  labelledBy,
  actions,
  className,
  id,
  children,
}: FormScaffoldProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  const button = (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? busyLabel : submitLabel}
    </button>
  );
  const classes = [layout === 'inline' ? 'inline-form' : 'stack', className].filter(Boolean);
  return (
    <form
      id={id}
      className={classes.join(' ')}
      onSubmit={submit}
      noValidate
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {conflict}
      {feedback !== undefined && <FeedbackNotice feedback={feedback} onClose={onCloseFeedback} />}
      {children}
      {layout === 'inline' && !actions ? (
        button
      ) : (
        <div className="inline-actions">
          {button}
          {actions}
        </div>
      )}
    </form>
  );
}

/** A creation form in a titled card. */
export function FormCard({
  title,
  cardClassName,
  ...form
}: FormScaffoldProps & { title: string; cardClassName?: string }) {
  const titleId = useId();
  return (
    <section
      className={['card', cardClassName].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{title}</h2>
      <FormScaffold {...form} />
    </section>
  );
}
