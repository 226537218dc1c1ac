// Fixed help-center content (spec §3 "FAQ": three built in; "Video tutorial": two built in).
// Tutorial links point at our own documentation; thumbnails are drawn locally (no external images).
import type { Faq, VideoTutorial } from '../domain/types';

export const SAMPLE_FAQS: readonly Faq[] = [
  {
    id: 'faq-1',
    question: 'How do I create a new creator funnel?',
    answer:
      'Use the New Funnel wizard from the Funnel Dashboard. It asks for the creator details, the campaign objectives and the deliverables, then adds the creator at the Brief stage.',
    category: 'Getting Started',
    tags: ['funnel', 'creator', 'setup'],
  },
  {
    id: 'faq-2',
    question: 'What do the funnel stages mean?',
    answer:
      'Brief is the initial outreach, Confirmation means the creator agreed, Contract covers the paperwork, Production is content creation and Shipped means the product was delivered.',
    category: 'Basics',
    tags: ['stages', 'status', 'workflow'],
  },
  {
    id: 'faq-3',
    question: 'How are conversion rate and ROI calculated?',
    answer:
      'Analytics computes them from your own funnels and orders for the chosen period: conversion rate from each engagement, ROI as the revenue earned against the campaign value.',
    category: 'Analytics',
    tags: ['analytics', 'metrics', 'roi'],
  },
];

export const SAMPLE_TUTORIALS: readonly VideoTutorial[] = [
  {
    id: 'tutorial-1',
    title: 'Getting Started with Creatorflow',
    description: 'Connect your stores, set automation defaults and move your first creator through the funnel.',
    url: '/docs/dashboard#getting-started',
    thumbnail: '',
    duration: '5:30',
    category: 'getting-started',
  },
  {
    id: 'tutorial-2',
    title: 'Advanced Analytics and Reporting',
    description: 'Read conversion, engagement and ROI trends, and export the data behind them.',
    url: '/docs/dashboard#analytics',
    thumbnail: '',
    duration: '8:45',
    category: 'advanced',
  },
];
