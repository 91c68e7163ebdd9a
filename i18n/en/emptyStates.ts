/** Empty screens that say what to do next (issue 11, items 4 and 8). */
export const emptyStates = {
  history: {
    title: 'No chats yet',
    text: 'As soon as visitors write to your chatbot, their chats appear here. Try it yourself in the preview, or add it to your website so visitors can find it.',
    preview: 'Try the chatbot in the preview',
    implementation: 'Add the chatbot to your website',
    filtered: 'No chats match these filters.',
    resetFilters: 'Reset filters',
  },
};
