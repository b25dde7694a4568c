"""Wyoming satellites (Home Assistant's voice satellites) as the table's microphone and loudspeaker.

audio.py: the AudioIn/AudioOut pair and wyoming_audio(); link.py: the connection, run by
asyncio in a thread; options.py: --wyoming-satellite (which imports the optional wyoming
package only when given).
"""
