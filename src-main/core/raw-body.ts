/** Marks a body that arrived with a non-JSON content type; validation answers it with a 422. */
export class RawBody {
  constructor(readonly text: string) {}
}
