import { describe, expect, it } from 'vitest';
import { htmlToPlainText, plainTextToHtml } from './plain-text-html.ts';

describe('plainTextToHtml', () => {
  it('makes one escaped paragraph per line', () => {
    expect(plainTextToHtml('Encontro <com> o grupo & "parceiros"\nSegunda linha')).toBe(
      '<p>Encontro &lt;com&gt; o grupo &amp; &quot;parceiros&quot;</p><p>Segunda linha</p>',
    );
  });
  it('keeps empty lines as empty paragraphs', () => {
    expect(plainTextToHtml('a\n\nb')).toBe('<p>a</p><p></p><p>b</p>');
  });
  it('is empty for no text, as the editor reports its empty document', () => {
    expect(plainTextToHtml('')).toBe('');
    expect(plainTextToHtml('  \n ')).toBe('');
  });
});

describe('htmlToPlainText', () => {
  it('reads paragraphs and line breaks as lines, entities decoded', () => {
    expect(htmlToPlainText('<p>Um &amp; <strong>dois</strong></p><p>três<br>quatro</p>')).toBe('Um & dois\ntrês\nquatro');
  });
  it('round-trips what the plain area wrote', () => {
    const text = 'Linha <1> & "2"\nLinha 3';
    expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
  });
});
