import type { RoomInfo } from "../gen/brethren/v1/protocol_pb";
import { t } from "../i18n";
import type { SeatNamer } from "../logic/describe";

/** Seat number -> the player's name as the room shows it. */
export function seatNamer(room: RoomInfo | null): SeatNamer {
  return (seat: number) => {
    const s = room?.seats[seat];
    const name = s?.taken && s.displayName ? s.displayName : t("table.seatName", { n: seat + 1 });
    return room && seat === room.yourSeat ? `${name} ${t("table.you")}` : name;
  };
}
