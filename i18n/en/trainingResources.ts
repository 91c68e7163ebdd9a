/**
 * react-admin's resource texts of the training sources (`resources.<name>.*`): the names the delete dialogs,
 * bulk actions and notifications use, column headers, and the confirmations that name the record.
 */
export const trainingResources = {
  qna: {
    name: 'Question-answer pair |||| Question-answer pairs',
    forcedCaseName: 'question-answer pair |||| question-answer pairs',
    fields: { question: 'Question', answer: 'Answer', active: 'Active', createdAt: 'Added', updatedAt: 'Changed' },
    message: {
      delete_title: 'Delete question-answer pair',
      delete_content: 'Do you really want to delete the pair “%{recordRepresentation}”?',
    },
  },
  contacts: {
    name: 'Contact |||| Contacts',
    forcedCaseName: 'contact |||| contacts',
    fields: { name: 'Full name', department: 'Department', email: 'Email', phone: 'Phone', isDefault: 'Default contact', overridesId: 'Replaces', createdAt: 'Added' },
    message: {
      delete_title: 'Delete contact',
      delete_content: 'Do you really want to delete the contact %{recordRepresentation}?',
    },
  },
  documents: {
    name: 'Document |||| Documents',
    forcedCaseName: 'document |||| documents',
    fields: { name: 'Name', type: 'Type', size: 'Size', characters: 'Characters', createdAt: 'Added', sourceUrl: 'Source' },
    message: {
      delete_title: 'Delete document',
      delete_content: 'Do you really want to delete the document “%{recordRepresentation}”? The chatbot no longer answers from it.',
    },
  },
};
