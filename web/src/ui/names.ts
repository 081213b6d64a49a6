import type { RoomInfo } from "../gen/brethren/v1/protocol_pb";
import { t } from "../i18n";
import type { SeatNamer } from "../logic/describe";

/** Seat number -> the player's name as the room shows it. */
export function seatNamer(room: RoomInfo | null): SeatNamer {
  return (seat: number) => {
    const s = room?.seats[seat];
    let name = s?.taken && s.displayName ? s.displayName : t("table.seatName", { n: seat + 1 });
    // Two bots (or two Annes) get their seat number too.
    if (s?.taken && room!.seats.some((o) => o.seat !== seat && o.taken && o.displayName === s.displayName)) name += ` #${seat + 1}`;
    return room && seat === room.yourSeat ? `${name} ${t("table.you")}` : name;
  };
}
