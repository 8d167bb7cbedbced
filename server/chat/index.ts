export { type ChatService, createChat } from "./chat-service";
