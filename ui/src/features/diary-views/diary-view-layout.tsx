import type { ReactNode } from 'react';
import { DiaryNavBar } from '../diary';
import './diary-views.css';

/** One of the diary's own views: the diary's title and bar, then the view. */
export function DiaryViewLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="page diary-page diary-view">
      <div className="page-header">
        <h1 className="page-title">Care Diary</h1>
      </div>
      <DiaryNavBar />
      <div className="diary-view-heading">
        <h2>{title}</h2>
        <p className="muted small">{intro}</p>
      </div>
      {children}
    </section>
  );
}
