export const training = {
  title: 'Training',
  website: 'Website',
  contacts: 'Contacts',
  documents: 'Documents',
  questionAnswer: 'Question-answer',
};
