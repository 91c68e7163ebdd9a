export const preview = {
  title: 'Preview',
  intro: 'Your chatbot as visitors of %{url} see it, in front of a picture of your website. Try it out: it answers with your trained content.',
  noScreenshot: 'No picture of your website could be taken, so the chatbot is shown on an empty page.',
  frameTitle: 'Preview of your chatbot on your website',
};
