/** The widget's <script> for the customer's <head>: the loader reads data-chatbot-id (widget/src/loader.ts). */
export function widgetSnippet(publicUrl: string, chatbotId: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `<script src="${base}/widget.js" data-chatbot-id="${chatbotId}" defer></script>`;
}
