/** Visitors' thumbs up / down on answers (issue 15): the history's filter and display (the dashboard's counts are dashboard.feedback). */
export const feedback = {
  filter: 'Rated negatively only',
  rating: {
    up: 'The visitor found this answer helpful',
    down: 'The visitor found this answer not helpful',
  },
  comment: 'Visitor comment',
};
