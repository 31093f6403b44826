// Mounts a view's root component (each view is its own page, its own bundle).
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './chat.css';

export function mountView(view: ReactNode): void {
  const root = document.getElementById('root');
  if (root === null) throw new Error('The view page has no #root element.');
  createRoot(root).render(<StrictMode>{view}</StrictMode>);
}
