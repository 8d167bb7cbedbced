/** The chat feature's UI: the home page section and the header's history drawer. */
export { ChatAssistant } from "./chat-section";
export { ChatHistoryButton } from "./history-button";
