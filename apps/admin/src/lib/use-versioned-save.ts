/**
 * Saving an item that carries a version (optimistic locking): validate the body with the
 * contract's schema, send it, keep the version the server answers with and say "Enregistré.";
 * a 409 keeps the server's current item as `conflict` (for a ConflictNotice) and any other
 * failure becomes an error feedback.
 */
import { useState } from 'react';
import type { Feedback } from '../components/notice';
import { ApiError, errorMessage } from './api/client';
import { validate, type FieldErrors } from './api/validate';
import type { ValidatedRequest } from './use-create-form';

export interface VersionedSave<B, T> extends ValidatedRequest<B, T> {
  /** After a success, with the state updates above (the form's own bookkeeping, onSaved…). */
  onSaved: (data: T) => void;
  /** Clear the previous feedback while the request runs. */
  clearFeedback?: boolean;
}

export function useVersionedSave<T extends { version: number }>(initialVersion: number) {
  const [version, setVersion] = useState(initialVersion);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [conflict, setConflict] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async <B>({
    schema,
    body,
    hints,
    send,
    onSaved,
    clearFeedback = false,
  }: VersionedSave<B, T>) => {
    const found = validate(schema, body, hints);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    if (clearFeedback) setFeedback(null);
    try {
      const { data, message } = await send(body);
      setVersion(data.version);
      setConflict(null);
      setFeedback({ tone: 'success', text: message || 'Enregistré.' });
      onSaved(data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.isConflict) {
        setConflict(failure.data as T);
      } else {
        setFeedback({ tone: 'error', text: errorMessage(failure) });
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    version,
    setVersion,
    errors,
    feedback,
    setFeedback,
    conflict,
    setConflict,
    busy,
    save,
  };
}
