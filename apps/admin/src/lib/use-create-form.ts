/**
 * A creation form's submit: validate the body with the contract's schema (errors by field), send
 * it, then let the page add the new item and empty its fields, and say so; a failure becomes an
 * error feedback.
 */
import type { TSchema } from '@sinclair/typebox';
import { useState } from 'react';
import type { Feedback } from '../components/notice';
import { errorMessage } from './api/client';
import { validate, type FieldErrors, type PatternHints } from './api/validate';

/** A body checked with the contract's schema (and pattern hints), then sent. */
export interface ValidatedRequest<B, T> {
  schema: TSchema;
  body: B;
  hints?: PatternHints;
  send: (body: B) => Promise<{ data: T; message?: string }>;
}

export interface CreateRequest<B, T> extends ValidatedRequest<B, T> {
  /** Adds the new item and empties the fields. */
  onCreated: (data: T) => void;
  /** Said when the server's answer carries no message. */
  success: string;
}

export function useCreateForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const submit = async <B, T>({
    schema,
    body,
    hints,
    send,
    onCreated,
    success,
  }: CreateRequest<B, T>) => {
    const found = validate(schema, body, hints);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { data, message } = await send(body);
      onCreated(data);
      setFeedback({ tone: 'success', text: message || success });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
    }
  };

  return { errors, feedback, setFeedback, submit };
}
