namespace Sorcha.Events;

/// <summary>
/// The hub's groups: one per wallet address and one per register. A group name is also a Redis channel name of the
/// backplane (<c>Sorcha.Events.EventsHub:group:&lt;name&gt;</c>); no key is stored for it.
/// </summary>
public static class EventGroups
{
    /// <summary>Longer ids are refused before any check: no address or register id comes close.</summary>
    public const int MaxIdLength = 128;

    public static string Wallet(string address) => "wallet:" + address;

    public static string Register(string registerId) => "register:" + registerId;

    /// <summary>A register id as the Register service spells them (32 lowercase hex); anything else names no register.</summary>
    public static bool IsRegisterId(string? id) => id is { Length: 32 } && id.All(char.IsAsciiHexDigitLower);

    /// <summary>Printable ASCII of a sane length: what an address can be before the Wallet service is asked.</summary>
    public static bool IsAddress(string? address) =>
        address is { Length: > 0 and <= MaxIdLength } && address.All(c => c is > ' ' and <= '~');
}
