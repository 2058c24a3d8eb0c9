import { describe, expect, it } from 'vitest';
import { messages } from '../common/messages.ts';
import { quizMessages } from '../quiz/messages.ts';
import { hi } from './hi/index.ts';
import { pickLanguage } from './languages.ts';
import { translateMessage } from './translate-message.ts';

describe('translateMessage', () => {
  it('finds an English message and gives the Hindi one', () => {
    expect(translateMessage(messages.emailInvalid, hi.messages, 'hi')).toBe(hi.messages.common.emailInvalid);
  });

  it('carries the values of a template over', () => {
    const text = translateMessage(quizMessages.retakeAllUsed(3), hi.messages, 'hi');
    expect(text).toBe(hi.messages.quiz.retakeAllUsed_other.replace(/\{\{\s*count\s*\}\}/, '3'));
  });

  it('leaves English and unknown messages alone', () => {
    expect(translateMessage(messages.emailInvalid, hi.messages, 'en')).toBe(messages.emailInvalid);
    expect(translateMessage('Something an operator typed.', hi.messages, 'hi')).toBe('Something an operator typed.');
  });
});

describe('pickLanguage', () => {
  it('reads Accept-Language by quality', () => {
    expect(pickLanguage('ml-IN,ml;q=0.9,en;q=0.8')).toBe('ml');
    expect(pickLanguage('en-US,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(pickLanguage('fr, hi;q=0.5')).toBe('hi');
    expect(pickLanguage('hi;q=0, ta')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage(['ta-IN', 'ml-IN'])).toBe('ml');
  });
});
