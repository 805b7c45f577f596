'use client';

import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { Input } from './field';

/**
 * A search box that searches as you type without a request per keystroke: the text is the box's
 * own, and `onSearch` gets it once typing pauses for 300 ms (the page puts it in the URL).
 */
export function SearchInput({
  value,
  onSearch,
  ...props
}: { value: string; onSearch: (text: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => latest.current(text), 300);
    return () => clearTimeout(t);
  }, [text, value]);
  return <Input {...props} type="search" value={text} onChange={(e) => setText(e.target.value)} />;
}
