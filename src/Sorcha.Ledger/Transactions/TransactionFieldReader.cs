using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;
using F = Sorcha.Ledger.Transactions.TransactionFields;

namespace Sorcha.Ledger.Transactions;

/// <summary>Walks a submitted object once, decoding each member and collecting every problem.</summary>
internal sealed class TransactionFieldReader
{
    private static readonly string RegisterIdRule =
        $"must be a non-empty string of at most {TransactionParser.MaxRegisterIdLength} characters";

    private readonly List<FieldError> _errors = [];

    public IReadOnlyList<FieldError> Errors => _errors;
    public string? RegisterId { get; private set; }
    public string? Sender { get; private set; }
    public SignatureAlgorithm Algorithm { get; private set; }
    public byte[]? PublicKey { get; private set; }
    public byte[]? Signature { get; private set; }
    public DateTimeOffset Timestamp { get; private set; }
    public TransactionMetadata? Metadata { get; private set; }

    public bool Read(JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object)
        {
            _errors.Add(new("$", "must be a JSON object"));
            return false;
        }

        var seen = Present.None;
        foreach (var member in root.EnumerateObject())
        {
            var present = ReadMember(member);
            if ((seen & present) != 0)
            {
                _errors.Add(new(member.Name, "appears more than once"));
            }

            seen |= present;
        }

        RequireAll(seen);
        if (PublicKey is not null && Algorithm != 0 && KeyFormats.CheckPublicKey(Algorithm, PublicKey) is { } keyError)
        {
            _errors.Add(new(F.PublicKey, keyError));
        }

        return _errors.Count == 0;
    }

    private Present ReadMember(JsonProperty member)
    {
        var value = member.Value;
        switch (member.Name)
        {
            case F.RegisterId:
                RegisterId = ReadString(F.RegisterId, value, s => s.Length is > 0 and <= TransactionParser.MaxRegisterIdLength, RegisterIdRule);
                return Present.RegisterId;
            case F.Sender:
                Sender = ReadString(F.Sender, value, AddressShape.IsPlausible, "must be a Sorcha address (bech32m, hrp \"ws\")");
                return Present.Sender;
            case F.Algorithm:
                var name = ReadString(F.Algorithm, value, s => AlgorithmNames.TryParse(s, out _), "must be one of ED25519, NISTP256, RSA4096");
                Algorithm = AlgorithmNames.TryParse(name, out var algorithm) ? algorithm : 0;
                return Present.Algorithm;
            case F.PublicKey:
                PublicKey = ReadBase64(F.PublicKey, value, allowEmpty: false);
                return Present.PublicKey;
            case F.Payload:
                // Any JSON value, null included: the payload is opaque to the ledger.
                return Present.Payload;
            case F.Metadata:
                ReadMetadata(value);
                return Present.Metadata;
            case F.Timestamp:
                var timestamp = ReadString(F.Timestamp, value, s => LedgerTime.TryParse(s, out _), "must be an RFC 3339 UTC timestamp such as 2025-01-31T12:00:00.000Z");
                Timestamp = LedgerTime.TryParse(timestamp, out var at) ? at : default;
                return Present.Timestamp;
            case F.Signature:
                Signature = ReadBase64(F.Signature, value, allowEmpty: false);
                return Present.Signature;
            default:
                _errors.Add(new(member.Name, "is not a Transaction field"));
                return Present.None;
        }
    }

    private void ReadMetadata(JsonElement value)
    {
        if (value.ValueKind != JsonValueKind.Object)
        {
            _errors.Add(new(F.Metadata, "must be an object when present"));
            return;
        }

        string? type = null, blueprintId = null, instanceId = null, actionId = null;
        foreach (var member in value.EnumerateObject())
        {
            var field = $"{F.Metadata}.{member.Name}";
            switch (member.Name)
            {
                case F.MetadataType: type = ReadString(field, member.Value); break;
                case F.MetadataBlueprintId: blueprintId = ReadString(field, member.Value); break;
                case F.MetadataInstanceId: instanceId = ReadString(field, member.Value); break;
                case F.MetadataActionId: actionId = ReadString(field, member.Value); break;
                default: _errors.Add(new(field, "is not a metadata field")); break;
            }
        }

        Metadata = new TransactionMetadata(type, blueprintId, instanceId, actionId);
    }

    private string? ReadString(string field, JsonElement value, Func<string, bool>? isValid = null, string? rule = null)
    {
        if (value.ValueKind != JsonValueKind.String)
        {
            _errors.Add(new(field, rule ?? "must be a string"));
            return null;
        }

        string text;
        try
        {
            text = value.GetString()!;
        }
        catch (InvalidOperationException)
        {
            // Invalid UTF-8 or a lone surrogate escape: valid JSON tokens, but no string .NET (or RFC 8785) can hold.
            _errors.Add(new(field, "must be valid Unicode text (no invalid UTF-8, no lone surrogates)"));
            return null;
        }

        if (isValid is not null && !isValid(text))
        {
            _errors.Add(new(field, rule!));
            return null;
        }

        return text;
    }

    private byte[]? ReadBase64(string field, JsonElement value, bool allowEmpty)
    {
        const string Rule = "must be standard base64 with padding";
        var text = ReadString(field, value, rule: Rule);
        if (text is null)
        {
            return null;
        }

        if (!StrictBase64.TryDecode(text, out var bytes) || (!allowEmpty && bytes.Length == 0))
        {
            _errors.Add(new(field, allowEmpty ? Rule : Rule + " and not empty"));
            return null;
        }

        return bytes;
    }

    private static readonly (Present Flag, string Name)[] Required =
    [
        (Present.RegisterId, F.RegisterId), (Present.Sender, F.Sender), (Present.Algorithm, F.Algorithm),
        (Present.PublicKey, F.PublicKey), (Present.Payload, F.Payload), (Present.Timestamp, F.Timestamp),
        (Present.Signature, F.Signature),
    ];

    private void RequireAll(Present seen)
    {
        foreach (var (flag, name) in Required)
        {
            if (!seen.HasFlag(flag))
            {
                _errors.Add(new(name, "is required"));
            }
        }
    }

    [Flags]
    private enum Present
    {
        None = 0,
        RegisterId = 1,
        Sender = 2,
        Algorithm = 4,
        PublicKey = 8,
        Payload = 16,
        Timestamp = 32,
        Signature = 64,
        Metadata = 128,
    }
}
