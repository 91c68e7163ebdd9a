/** Visitors' thumbs up / down on answers (issue 15): the history's filter and display, the dashboard's counts. */
export const feedback = {
  filter: 'Rated negatively only',
  rating: {
    up: 'The visitor found this answer helpful',
    down: 'The visitor found this answer not helpful',
  },
  comment: 'Visitor comment',
  stats: {
    title: 'Ratings of answers',
    up: 'Helpful (thumbs up)',
    down: 'Not helpful (thumbs down)',
    hint: 'Visitors rate answers with thumbs up or down in the chat window.',
  },
};
