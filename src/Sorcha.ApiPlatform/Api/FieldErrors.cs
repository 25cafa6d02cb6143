using Sorcha.Cryptography;

namespace Sorcha.ApiPlatform.Api;

/// <summary>Collects every failing field of a request, so one 400 lists them all (api.md: validation lists every field).</summary>
public sealed class FieldErrors
{
    private readonly Dictionary<string, List<string>> _errors = [];

    public bool Any => _errors.Count > 0;

    public void Add(string field, string message)
    {
        if (!_errors.TryGetValue(field, out var list))
        {
            _errors[field] = list = [];
        }

        list.Add(message);
    }

    /// <summary>Adds an error when <paramref name="value"/> is missing or longer than <paramref name="maxLength"/>.</summary>
    public string? Required(string field, string? value, int maxLength)
    {
        if (string.IsNullOrWhiteSpace(value))
        {
            Add(field, $"{field} is required.");
        }
        else if (value.Length > maxLength)
        {
            Add(field, $"{field} must be at most {maxLength} characters.");
        }

        return value;
    }

    /// <summary>Decodes standard base64 with padding; null (and an error) when missing or malformed.</summary>
    public byte[]? Base64(string field, string? value, bool required = true)
    {
        if (value is null)
        {
            if (required)
            {
                Add(field, $"{field} is required (base64).");
            }

            return null;
        }

        if (StrictBase64.TryDecode(value, out var bytes))
        {
            return bytes;
        }

        Add(field, $"{field} is not valid base64 (standard alphabet, with padding).");
        return null;
    }

    public Dictionary<string, string[]> ToDictionary() => _errors.ToDictionary(e => e.Key, e => e.Value.ToArray());
}
