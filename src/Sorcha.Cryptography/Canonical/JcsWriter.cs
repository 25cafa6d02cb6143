using System.Buffers;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using System.Text.Unicode;

namespace Sorcha.Cryptography;

/// <summary>
/// Writes RFC 8785 output straight from a parsed document. Unescaped strings and names are copied from the
/// document's own UTF-8 (they are already canonical); only escaped ones are decoded and re-escaped.
/// </summary>
internal readonly struct JcsWriter(IBufferWriter<byte> output)
{
    private const int SmallObject = 16;

    public void WriteRoot(JsonElement element, byte[]? omitProperty)
    {
        if (element.ValueKind == JsonValueKind.Object)
        {
            WriteObject(element, omitProperty);
        }
        else
        {
            WriteValue(element);
        }
    }

    private void WriteValue(JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
                WriteObject(element, null);
                break;
            case JsonValueKind.Array:
                WriteArray(element);
                break;
            case JsonValueKind.String:
                WriteStringValue(element);
                break;
            case JsonValueKind.Number:
                WriteNumber(element);
                break;
            case JsonValueKind.True:
                Write("true"u8);
                break;
            case JsonValueKind.False:
                Write("false"u8);
                break;
            case JsonValueKind.Null:
                Write("null"u8);
                break;
            default:
                throw new FormatException($"Unsupported JSON value kind {element.ValueKind}.");
        }
    }

    private void WriteArray(JsonElement array)
    {
        WriteByte((byte)'[');
        var first = true;
        foreach (var item in array.EnumerateArray())
        {
            if (!first)
            {
                WriteByte((byte)',');
            }

            first = false;
            WriteValue(item);
        }

        WriteByte((byte)']');
    }

    private void WriteObject(JsonElement obj, byte[]? omitProperty)
    {
        var count = obj.GetPropertyCount();
        var rented = ArrayPool<Member>.Shared.Rent(Math.Max(count, 1));
        try
        {
            var members = rented.AsSpan(0, count);
            var index = 0;
            foreach (var property in obj.EnumerateObject())
            {
                members[index++] = Member.From(property);
            }

            Sort(members);
            WriteByte((byte)'{');
            var first = true;
            for (var i = 0; i < members.Length; i++)
            {
                var name = members[i].Name;
                if (i > 0 && name.SequenceEqual(members[i - 1].Name))
                {
                    throw new FormatException($"Duplicate property name \"{Encoding.UTF8.GetString(name)}\".");
                }

                if (omitProperty is not null && name.SequenceEqual(omitProperty))
                {
                    continue;
                }

                if (!first)
                {
                    WriteByte((byte)',');
                }

                first = false;
                WriteString(name, members[i].NeedsEscaping);
                WriteByte((byte)':');
                WriteValue(members[i].Property.Value);
            }

            WriteByte((byte)'}');
        }
        finally
        {
            rented.AsSpan(0, count).Clear();
            ArrayPool<Member>.Shared.Return(rented);
        }
    }

    private static void Sort(Span<Member> members)
    {
        if (members.Length > SmallObject)
        {
            members.Sort(static (a, b) => Utf16Order.Compare(a.Name, b.Name));
            return;
        }

        // Objects are usually small: insertion sort avoids a comparer delegate.
        for (var i = 1; i < members.Length; i++)
        {
            var current = members[i];
            var j = i - 1;
            while (j >= 0 && Utf16Order.Compare(members[j].Name, current.Name) > 0)
            {
                members[j + 1] = members[j];
                j--;
            }

            members[j + 1] = current;
        }
    }

    private void WriteStringValue(JsonElement element)
    {
        var raw = JsonMarshal.GetRawUtf8Value(element);
        var inner = raw[1..^1];
        if (!inner.Contains((byte)'\\'))
        {
            // The reader rejects raw control characters and quotes, so unescaped content is already canonical.
            ValidateUtf8(inner);
            Write(raw);
            return;
        }

        WriteString(Decode(element), needsEscaping: true);
    }

    private void WriteString(ReadOnlySpan<byte> utf8, bool needsEscaping)
    {
        WriteByte((byte)'"');
        if (needsEscaping)
        {
            WriteEscaped(utf8);
        }
        else
        {
            Write(utf8);
        }

        WriteByte((byte)'"');
    }

    private void WriteEscaped(ReadOnlySpan<byte> utf8)
    {
        while (!utf8.IsEmpty)
        {
            var next = IndexOfEscape(utf8);
            if (next < 0)
            {
                Write(utf8);
                return;
            }

            Write(utf8[..next]);
            WriteEscape(utf8[next]);
            utf8 = utf8[(next + 1)..];
        }
    }

    private static int IndexOfEscape(ReadOnlySpan<byte> utf8)
    {
        for (var i = 0; i < utf8.Length; i++)
        {
            if (utf8[i] < 0x20 || utf8[i] == (byte)'"' || utf8[i] == (byte)'\\')
            {
                return i;
            }
        }

        return -1;
    }

    private void WriteEscape(byte b)
    {
        ReadOnlySpan<byte> escape = b switch
        {
            (byte)'"' => "\\\""u8,
            (byte)'\\' => "\\\\"u8,
            (byte)'\b' => "\\b"u8,
            (byte)'\t' => "\\t"u8,
            (byte)'\n' => "\\n"u8,
            (byte)'\f' => "\\f"u8,
            (byte)'\r' => "\\r"u8,
            _ => [],
        };
        if (!escape.IsEmpty)
        {
            Write(escape);
            return;
        }

        ReadOnlySpan<byte> hex = "0123456789abcdef"u8;
        Span<byte> unicode = [(byte)'\\', (byte)'u', (byte)'0', (byte)'0', hex[b >> 4], hex[b & 0xF]];
        Write(unicode);
    }

    private void WriteNumber(JsonElement element)
    {
        var raw = JsonMarshal.GetRawUtf8Value(element);
        if (IsSmallCanonicalInteger(raw))
        {
            Write(raw);
            return;
        }

        if (!element.TryGetDouble(out var value) || !double.IsFinite(value))
        {
            throw new FormatException($"The number {Encoding.UTF8.GetString(raw)} does not fit an IEEE 754 double.");
        }

        var span = output.GetSpan(EcmaNumber.MaxLength);
        output.Advance(EcmaNumber.Format(value, span));
    }

    // Integers of up to 15 digits are exact doubles that ECMAScript prints unchanged (JSON forbids leading zeros).
    private static bool IsSmallCanonicalInteger(ReadOnlySpan<byte> raw)
    {
        var digits = raw.Length > 0 && raw[0] == (byte)'-' ? raw[1..] : raw;
        if (digits.IsEmpty || digits.Length > 15 || digits.ContainsAnyExceptInRange((byte)'0', (byte)'9'))
        {
            return false;
        }

        return !(digits.Length == 1 && digits[0] == (byte)'0' && raw.Length == 2);
    }

    internal static byte[] Decode(JsonElement element)
    {
        try
        {
            return ToUtf8(element.GetString()!);
        }
        catch (InvalidOperationException e)
        {
            throw new FormatException("A JSON string is not valid Unicode.", e);
        }
    }

    internal static byte[] ToUtf8(string value)
    {
        var bytes = new byte[Encoding.UTF8.GetMaxByteCount(value.Length)];
        if (Utf8.FromUtf16(value, bytes, out _, out var written, replaceInvalidSequences: false) != OperationStatus.Done)
        {
            throw new FormatException("A JSON string contains a lone surrogate.");
        }

        return bytes[..written];
    }

    internal static void ValidateUtf8(ReadOnlySpan<byte> utf8)
    {
        if (!Utf8.IsValid(utf8))
        {
            throw new FormatException("A JSON string is not valid UTF-8.");
        }
    }

    private void WriteByte(byte b)
    {
        output.GetSpan(1)[0] = b;
        output.Advance(1);
    }

    private void Write(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(output.GetSpan(bytes.Length));
        output.Advance(bytes.Length);
    }

    /// <summary>A property with its name as unescaped UTF-8 (a view into the document when no escape was used).</summary>
    private readonly struct Member(JsonProperty property, byte[]? decodedName)
    {
        public JsonProperty Property { get; } = property;

        public bool NeedsEscaping => decodedName is not null;

        public ReadOnlySpan<byte> Name => decodedName ?? JsonMarshal.GetRawUtf8PropertyName(Property);

        public static Member From(JsonProperty property)
        {
            var raw = JsonMarshal.GetRawUtf8PropertyName(property);
            if (!raw.Contains((byte)'\\'))
            {
                ValidateUtf8(raw);
                return new Member(property, null);
            }

            try
            {
                return new Member(property, ToUtf8(property.Name));
            }
            catch (InvalidOperationException e)
            {
                throw new FormatException("A JSON property name is not valid Unicode.", e);
            }
        }
    }
}
