/** The counters of the home page's statistics section (SPEC.md §2 Home). */

export interface Statistic {
  end: number;
  suffix: string;
  label: string;
}

export const statisticsHeading = 'Discover Top Book Events in Bangladesh';

export const statistics: Statistic[] = [
  { end: 120, suffix: '+', label: 'literary events organized' },
  { end: 8000, suffix: '+', label: 'readers engaged' },
  { end: 350, suffix: '+', label: 'authors featured' },
  { end: 18000, suffix: '+', label: 'books borrowed and read' },
  { end: 95, suffix: '%', label: 'positive feedback' },
];
